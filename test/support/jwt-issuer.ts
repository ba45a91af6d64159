/**
 * An issuer of JSON Web Tokens for the tests: signing keys made with jose, tokens signed with them
 * or with a shared secret, and a JWKS endpoint on node:http that counts its fetches and can fail,
 * hang or go away like a real issuer's.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload, type KeyLike } from 'jose';

export interface SigningKey {
  kid: string;
  alg: 'RS256' | 'ES256';
  privateKey: KeyLike;
  publicKey: KeyLike;
  /** The public key as the JWKS publishes it. */
  jwk: JWK;
}

export async function signingKey(alg: SigningKey['alg'], kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg);
  return { kid, alg, privateKey, publicKey, jwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' } };
}

/** A JWT of `claims` signed with `key` (its alg and kid in the header), or with an HS256 secret. */
export function signJwt(claims: JWTPayload, key: SigningKey | { secret: string }): Promise<string> {
  if ('secret' in key) return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(key.secret));
  return new SignJWT(claims).setProtectedHeader({ alg: key.alg, kid: key.kid }).sign(key.privateKey);
}

/** What the endpoint does with a request for the key set. */
export type JwksBehaviour = 'serve' | 'fail' | 'garble' | 'hang';

export interface JwksEndpoint {
  url: string;
  /** Requests for the key set so far, whatever the answer. */
  readonly fetches: number;
  /** The keys served from now on. */
  publish(keys: JWK[]): void;
  /** `serve` the keys, `fail` with HTTP 500, `garble`: 200 with a body that is no JSON, or `hang`: accept and never answer. */
  behave(behaviour: JwksBehaviour): void;
  /** Stops listening, so connections are refused. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startJwksEndpoint(keys: JWK[]): Promise<JwksEndpoint> {
  let published = keys;
  let behaviour: JwksBehaviour = 'serve';
  let fetches = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    if (request.url !== '/.well-known/jwks.json') {
      response.writeHead(404).end();
      return;
    }
    fetches += 1;
    if (behaviour === 'hang') return;
    if (behaviour === 'fail') response.writeHead(500, { 'content-type': 'text/plain' }).end('issuer down');
    else if (behaviour === 'garble') response.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
    else response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: published }));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const listen = (port: number) => new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    get fetches() {
      return fetches;
    },
    publish: (next) => void (published = next),
    behave: (next) => void (behaviour = next),
    stop,
    restart: () => listen(port),
    close: () => (server.listening ? stop() : Promise.resolve()),
  };
}
