import { paramOf, type ParamSource } from '../request.js';

/** GitHub-style paging: `page` and `per_page` in, an RFC 8288 `Link` header with absolute URLs out. */
interface LinkPageRequest {
  page: number;
  perPage: number;
}

interface LinkPagingOptions {
  defaultPerPage?: number;
  maxPerPage?: number;
}

/** Reads `page` and `per_page` as GitHub does: junk or non-positive values fall back, `per_page` is capped. */
export function readLinkPage(source: ParamSource, options: LinkPagingOptions = {}): LinkPageRequest {
  const perPage = Number.parseInt(paramOf(source, 'per_page') ?? '', 10);
  const page = Number.parseInt(paramOf(source, 'page') ?? '', 10);
  return {
    perPage:
      Number.isFinite(perPage) && perPage > 0
        ? Math.min(perPage, options.maxPerPage ?? 100)
        : (options.defaultPerPage ?? 30),
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** One page of `items` and its `Link` header (prev, next, last, first), built on the request's absolute URL. */
export function linkPage<T>(items: readonly T[], request: LinkPageRequest, url: URL): { items: T[]; link?: string } {
  const { page, perPage } = request;
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const target = new URL(url);
  const link = (n: number, rel: string): string => {
    target.searchParams.set('page', String(n));
    return `<${target.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page > 1) links.push(link(Math.min(page - 1, last), 'prev'));
  if (page < last) links.push(link(page + 1, 'next'), link(last, 'last'));
  if (page > 1) links.push(link(1, 'first'));
  return {
    items: items.slice((page - 1) * perPage, page * perPage),
    ...(links.length ? { link: links.join(', ') } : {}),
  };
}
