/**
 * Request bodies through a real server process over real HTTP: the size cap (MAX_REQUEST_BODY_BYTES)
 * holds with a Content-Length and without one (chunked), while the body is still arriving, and the
 * server keeps answering others; a body that is not valid UTF-8, or not JSON, is the client's error,
 * told briefly, as are a GET's variables or extensions that are not JSON.
 */
import { connect } from 'node:net';
import { REQUEST_LIMITS } from '../../src/server/limits';
import { freshDatabase, type FreshDatabase } from '../support/databases';
import { eventually } from '../support/eventually';
import { killServer, logLines, post, startServer, type RunningServer } from '../support/server-process';

const CREATE = 'mutation ($input: ToolInput!) { createTool(input: $input) { __typename } }';
const MiB = 1024 * 1024;

/** A createTool whose body is about `bytes` long (its `code`), as JSON. */
const createBody = (name: string, bytes: number) =>
  Buffer.from(JSON.stringify({ query: CREATE, variables: { input: { name, description: 'Big.', source: 'CUSTOM', code: 'x'.repeat(bytes - 200) } } }));

interface Answer {
  status: number;
  /** The `connection` header: `close` when the server ends the connection after answering. */
  connection: string | null;
  body: any;
}

interface Upload {
  /** Sends more of the body (a chunk of its own when chunked); resolves once the socket took it. */
  write(bytes: Buffer): Promise<void>;
  /** Ends a chunked body. */
  end(): void;
  /** Hangs up once what was written has gone out, the body unfinished: no answer is awaited. */
  abort(): Promise<void>;
  /** The server's answer, as soon as it is complete, whether or not the body was. */
  answer: Promise<Answer>;
}

/**
 * A POST over a socket of its own, its body sent a piece at a time: with a Content-Length (`length`)
 * or chunked without one. An answer that comes while the body is still unfinished can only come
 * from a server that decided while reading.
 */
function upload(url: string, framing: { length: number } | { chunked: true }): Upload {
  const { hostname, port, pathname } = new URL(url);
  const socket = connect(Number(port), hostname);
  const chunked = 'chunked' in framing;
  const answer = new Promise<Answer>((resolve, reject) => {
    let received = Buffer.alloc(0);
    const parsed = (): Answer | undefined => {
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd < 0) return undefined;
      const [statusLine, ...headerLines] = received.subarray(0, headEnd).toString('latin1').split('\r\n');
      const headers = new Map(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      const bodyEnd = headEnd + 4 + Number(headers.get('content-length'));
      if (!(received.length >= bodyEnd)) return undefined;
      return {
        status: Number(statusLine!.split(' ')[1]),
        connection: headers.get('connection') ?? null,
        body: JSON.parse(received.toString('utf8', headEnd + 4, bodyEnd)),
      };
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const done = parsed();
      if (done) {
        socket.destroy();
        resolve(done);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`the connection closed before a complete answer: ${received.toString('latin1', 0, 300)}`)));
  });
  socket.write(`POST ${pathname} HTTP/1.1\r\nhost: ${hostname}:${port}\r\ncontent-type: application/json\r\n`);
  socket.write(chunked ? 'transfer-encoding: chunked\r\n\r\n' : `content-length: ${framing.length}\r\n\r\n`);
  // Once the answer is in, the socket is gone: what is left of the body is not sent.
  const written = (flushed: boolean) =>
    flushed ? Promise.resolve() : new Promise<void>((resolve) => [socket.once('drain', resolve), socket.once('close', resolve)]);
  return {
    write: async (bytes) => {
      if (socket.destroyed) return;
      await written(socket.write(chunked ? Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]) : bytes));
    },
    end: () => {
      if (!socket.destroyed) socket.write('0\r\n\r\n');
    },
    abort: () => {
      answer.catch(() => undefined);
      return new Promise<void>((resolve) =>
        // The callback of a write comes once every earlier write has gone out.
        socket.write('', () => {
          socket.destroy();
          resolve();
        }),
      );
    },
    answer,
  };
}

/** Sends `body` whole, with a Content-Length or chunked; the answer. */
async function send(url: string, body: Buffer, framing: 'content-length' | 'chunked'): Promise<Answer> {
  const request = upload(url, framing === 'chunked' ? { chunked: true } : { length: body.length });
  for (let offset = 0; offset < body.length; offset += 256 * 1024) await request.write(body.subarray(offset, offset + 256 * 1024));
  if (framing === 'chunked') request.end();
  return request.answer;
}

const refusal = { errors: [{ message: 'Request body too large', extensions: { code: 'REQUEST_ENTITY_TOO_LARGE' } }] };
/** Refused by its Content-Length: Node reads and drops the rest, and the connection stays usable. */
const tooLarge = { status: 413, connection: 'keep-alive', body: refusal };
/** Refused half-way through a chunked body: the connection ends, as the rest of the body is never read. */
const tooLargeChunked = { status: 413, connection: 'close', body: refusal };

describe('request bodies', () => {
  let database: FreshDatabase;
  let server: RunningServer | undefined;
  const cap = REQUEST_LIMITS.maxRequestBodyBytes.default;

  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    server = await startServer(database.url);
  });

  afterAll(async () => {
    await killServer(server);
    await database?.drop();
  });

  /** Every test of the cap runs before anything is written: no namespace yet. */
  const read = () => post(server!.url, '{ namespaces { name } }');

  describe(`above the default cap of ${cap} bytes`, () => {
    it('refuses 10 MB with a Content-Length: 413 with a code, nothing written', async () => {
      expect(await send(server!.url, createBody('body/big', 10_000_000), 'content-length')).toEqual(tooLarge);
      expect(await post(server!.url, '{ tool(name: "body/big") { name } }')).toEqual({ data: { tool: null } });
    });

    it('refuses a chunked body without Content-Length once it passes the cap, while it is still arriving', async () => {
      const request = upload(server!.url, { chunked: true });
      // Just past the cap, and never ended: only a server that counts as it reads can answer.
      await request.write(createBody('body/chunked', cap + 16 * 1024));
      expect(await request.answer).toEqual(tooLargeChunked);
      expect(await read()).toEqual({ data: { namespaces: [] } });
    });

    it('keeps answering others while a large body arrives, then refuses it', async () => {
      const body = createBody('body/slow', cap + 16 * 1024);
      const request = upload(server!.url, { chunked: true });
      await request.write(body.subarray(0, 3 * MiB));
      expect(await read()).toEqual({ data: { namespaces: [] } });
      await request.write(body.subarray(3 * MiB));
      expect(await request.answer).toEqual(tooLargeChunked);
      expect(await read()).toEqual({ data: { namespaces: [] } });
    });
  });

  it.each(['content-length', 'chunked'] as const)(
    "reads a body just under the cap, sent with %s (what the domain says of it is the domain's)",
    async (framing) => {
      const { status, body } = await send(server!.url, createBody(`body/ok-${framing}`, cap - 1024), framing);
      expect(status).toBe(200);
      expect(body.data.createTool.__typename).toEqual(expect.any(String));
    },
  );

  describe('that are not valid UTF-8', () => {
    const withBytes = (bytes: number[]) =>
      Buffer.concat([
        Buffer.from('{"query":"mutation { createTool(input: { name: \\"utf/'),
        Buffer.from(bytes),
        Buffer.from('\\", description: \\"x\\", source: BUILTIN }) { __typename } }"}'),
      ]);

    it.each([
      ['a stray continuation byte', [0x80]],
      ['a truncated sequence', [0xe2, 0x82]],
      ['an overlong encoding', [0xc0, 0xaf]],
      ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ])('refuses %s with 400 and BAD_USER_INPUT, writing nothing', async (_what, bytes) => {
      expect(await send(server!.url, withBytes(bytes), 'content-length')).toMatchObject({
        status: 400,
        body: { errors: [{ message: 'The request body is not valid UTF-8.', extensions: { code: 'BAD_USER_INPUT' } }] },
      });
      expect((await read()).data.namespaces).not.toContainEqual(expect.objectContaining({ name: 'utf' }));
    });

    it('reads valid multi-byte UTF-8 as sent', async () => {
      const body = Buffer.from(JSON.stringify({ query: '{ tools(filter: { search: "é€😀" }) { totalCount } }' }));
      expect(await send(server!.url, body, 'content-length')).toMatchObject({ status: 200, body: { data: { tools: { totalCount: 0 } } } });
    });
  });

  it("takes a client that hangs up half-way through its body as the client's doing: nothing written, no error logged", async () => {
    const body = createBody('body/cut', 64 * 1024);
    const request = upload(server!.url, { length: body.length });
    await request.write(body.subarray(0, 1024));
    await request.abort();
    await eventually(
      () => `a 400 logged for the cut-off body:\n${server!.output().slice(-2000)}`,
      () => logLines(server!.output()).find((line) => line.status === 400 && line.errorCodes?.includes('BAD_REQUEST')),
      5000,
    );
    expect(logLines(server!.output()).filter((line) => line.level === 'error' || line.level === 'fatal')).toEqual([]);
    expect(await post(server!.url, '{ tool(name: "body/cut") { name } }')).toEqual({ data: { tool: null } });
  });

  it('refuses a body that is not JSON with 400 and BAD_REQUEST, without quoting it back', async () => {
    const answer = await send(server!.url, Buffer.from(`{"query": "${'x'.repeat(MiB)}`), 'content-length');
    expect(answer).toMatchObject({ status: 400, body: { errors: [{ message: 'POST body sent invalid JSON.', extensions: { code: 'BAD_REQUEST' } }] } });
    expect(JSON.stringify(answer.body)).not.toContain('xxx');
  });

  it.each(['variables', 'extensions'])('refuses a GET whose %s is not JSON with 400 and BAD_REQUEST, logging no error', async (parameter) => {
    const response = await fetch(`${server!.url}?query=${encodeURIComponent('{ __typename }')}&${parameter}=${encodeURIComponent('{bad')}`);
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 400,
      body: { errors: [{ message: `The ${parameter} parameter is not valid JSON.`, extensions: { code: 'BAD_REQUEST' } }] },
    });
    expect(logLines(server!.output()).filter((line) => line.level === 'error' || line.level === 'fatal')).toEqual([]);
  });

  it('still answers a GET as yoga reads it: variables as JSON, empty parameters as none', async () => {
    const query = encodeURIComponent('query ($name: String!) { tool(name: $name) { name } }');
    const response = await fetch(`${server!.url}?query=${query}&operationName=&variables=${encodeURIComponent('{"name":"get/none"}')}&extensions=`);
    expect({ status: response.status, body: await response.json() }).toEqual({ status: 200, body: { data: { tool: null } } });
  });

  describe('with MAX_REQUEST_BODY_BYTES set', () => {
    let small: RunningServer | undefined;
    beforeAll(async () => {
      small = await startServer(database.url, { MAX_REQUEST_BODY_BYTES: String(MiB) });
    });
    afterAll(() => killServer(small));

    it('caps bodies at its value instead', async () => {
      expect(await send(small!.url, createBody('body/two', 2 * MiB), 'content-length')).toEqual(tooLarge);
      expect(await send(small!.url, createBody('body/two', MiB + 16 * 1024), 'chunked')).toEqual(tooLargeChunked);
      expect((await send(small!.url, createBody('body/under', MiB - 1024), 'content-length')).status).toBe(200);
    });
  });
});
