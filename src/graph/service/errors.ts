import { AppError } from '../../toolkit/errors.js';
import { isEdgeType, type EdgeType, type NodeType } from '../types.js';

/** The graph's error texts (spec Document 3, Errors). */
export const entityNotFound = (type: string, id: string) =>
  new AppError('NOT_FOUND', `Entity not found: ${type}:${id}`);
const invalidEntityType = () => new AppError('VALIDATION_ERROR', 'Invalid entity type');
const invalidEdgeType = () => new AppError('VALIDATION_ERROR', 'Invalid edge type');
export const traversalLimitExceeded = () => new AppError('VALIDATION_ERROR', 'Traversal limit exceeded');

export function assertNodeType(type: string, known: ReadonlySet<string>): NodeType {
  if (!known.has(type)) throw invalidEntityType();
  return type;
}

export function assertEdgeTypes(types: readonly string[] | undefined): EdgeType[] | undefined {
  if (!types) return undefined;
  for (const type of types) if (!isEdgeType(type)) throw invalidEdgeType();
  return types as EdgeType[];
}
