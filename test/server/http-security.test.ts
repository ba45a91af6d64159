/**
 * What a web page on another site can do with a toolgraph it can reach: nothing, unless
 * CORS_ORIGINS allows its origin. Form posts (no preflight) are refused, cross-origin reads get no
 * CORS grant, and no page of the server may be framed.
 */
import type { ToolgraphServer } from '../../src/server/yoga';
import { useTestServer } from '../support/test-server';
import { data } from '../graphql/helpers';

const CREATE = 'mutation { createTool(input: { name: "csrf/evil", description: "Planted.", source: BUILTIN }) { __typename } }';

describe('HTTP protections', () => {
  const server = useTestServer('sqlite');
  let dashboardYoga: ToolgraphServer;

  beforeAll(() => {
    dashboardYoga = server.serve({ corsOrigins: ['https://dashboard.example'] });
  });

  const planted = async () => (await data(server.yoga, '{ tool(name: "csrf/evil") { name } }')).tool;

  describe('form posts, which browsers send cross-site without a preflight', () => {
    it.each([
      ['application/x-www-form-urlencoded', new URLSearchParams({ query: CREATE }).toString()],
      ['text/plain', JSON.stringify({ query: CREATE })],
      ['multipart/form-data; boundary=x', `--x\r\ncontent-disposition: form-data; name="query"\r\n\r\n${CREATE}\r\n--x--\r\n`],
    ])('refuses a %s POST with 415 and writes nothing', async (contentType, body) => {
      const response = await server.yoga.fetch('http://yoga/graphql', {
        method: 'POST',
        headers: { 'content-type': contentType, origin: 'https://evil.example' },
        body,
      });
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({
        errors: [{ message: 'POST bodies must be JSON (content-type: application/json).', extensions: { code: 'UNSUPPORTED_MEDIA_TYPE' } }],
      });
      expect(await planted()).toBeNull();
    });
  });

  describe('CORS', () => {
    const preflight = (target: ToolgraphServer, origin: string) =>
      target.fetch('http://yoga/graphql', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });

    it('grants no other origin anything by default', async () => {
      const response = await preflight(server.yoga, 'https://evil.example');
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      const post = await server.yoga.fetch('http://yoga/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
        body: JSON.stringify({ query: '{ namespaces { namespace } }' }),
      });
      expect(post.headers.get('access-control-allow-origin')).toBeNull();
      expect(post.headers.get('access-control-allow-credentials')).toBeNull();
    });

    it('grants the origins of CORS_ORIGINS, without credentials, and no others', async () => {
      const allowed = await preflight(dashboardYoga, 'https://dashboard.example');
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://dashboard.example');
      expect(allowed.headers.get('access-control-allow-credentials')).toBeNull();
      const other = await preflight(dashboardYoga, 'https://evil.example');
      expect(other.headers.get('access-control-allow-origin')).not.toBe('https://evil.example');
    });
  });

  describe('framing', () => {
    it('forbids framing GraphiQL', async () => {
      const response = await server.yoga.fetch('http://yoga/graphql', { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    });

    it('keeps the browser page\'s own Content-Security-Policy, which forbids framing too', async () => {
      const response = await server.yoga.fetch('http://yoga/', { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    });
  });
});
