/**
 * A credential that was sent and cannot be accepted: malformed, unknown, revoked, expired, signed by
 * someone else. The request is refused with UNAUTHENTICATED (HTTP 401) and the message, which never
 * repeats the credential.
 */
export class CredentialRejected extends Error {
  override name = 'CredentialRejected';
}
