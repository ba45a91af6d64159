import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import type { Plugin } from 'graphql-yoga';
import type { TrustedDocuments } from '../trusted-documents';

export interface TrustedDocumentsPlugin {
  plugin: Plugin;
  /** Whether the request named a listed document by its id (and runs it): what ./use-cacheable-documents.ts answers with validators. */
  sentById: (request: Request) => boolean;
}

/**
 * The trusted documents (../trusted-documents.ts) over HTTP, on @graphql-yoga/plugin-persisted-operations:
 * as soon as a request's params are read, a listed id becomes its document's text (so the response
 * cache, the limits and everything after see the document itself), an unlisted id is refused, and a
 * text is run or refused as the mode says. A GET names its id in the URL (`?documentId=…`), which
 * yoga's GET parser does not read. Place it after the credential's check, which decides who is an
 * admin (`mayRunAny`) and whose refusal stands first.
 */
export function useTrustedDocuments(documents: TrustedDocuments, mayRunAny: (request: Request) => Promise<boolean>): TrustedDocumentsPlugin {
  const byId = new WeakSet<Request>();
  const refusals = new WeakMap<Request, Error>();
  const persisted = usePersistedOperations({
    extractPersistedOperationId: (params, request) =>
      documents.idOf(request.method === 'GET' ? { ...params, documentId: new URL(request.url).searchParams.get('documentId') } : params),
    getPersistedOperation: (id, request) => {
      const document = documents.document(id);
      if (document === undefined) refusals.set(request, documents.notListed(id));
      else byId.add(request);
      return document ?? null;
    },
    allowArbitraryOperations: async (request) => {
      const params = paramsOf.get(request);
      const refusal = await documents.admitText(params ?? {}, () => mayRunAny(request));
      if (refusal) refusals.set(request, refusal);
      return refusal === null;
    },
    customErrors: {
      notFound: ({ request }) => refusals.get(request)!,
      persistedQueryOnly: ({ request }) => refusals.get(request)!,
      keyNotFound: {
        message: 'Send a document: its text (`query`), or the id of a trusted document (`documentId`).',
        extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
      },
    },
  });
  // allowArbitraryOperations is given the request only: the params it decides on are kept here.
  const paramsOf = new WeakMap<Request, { query?: unknown; operationName?: unknown }>();
  const plugin: Plugin = {
    ...persisted,
    onParams(payload) {
      paramsOf.set(payload.request, payload.params);
      return persisted.onParams?.(payload);
    },
  };
  return { plugin, sentById: (request) => byId.has(request) };
}
