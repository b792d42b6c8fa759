import type { DocumentService } from '../../src/documents/service.js';
import type { ServiceMap } from '../../src/toolkit/define-tool.js';
import { AppError } from '../../src/toolkit/errors.js';

/** The documents service the app installs (absent from a bare test app). */
export function documentsOf(services: ServiceMap): DocumentService {
  if (!services.documents) throw new AppError('NOT_CONFIGURED', 'Documents are not available on this server');
  return services.documents;
}
