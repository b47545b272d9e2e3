// Small Response builders shared by the service worker's routes.

export const JSON_TYPE = 'application/json; charset=utf-8';

/** A JSON answer: a file's text or bytes as they are (a Blob is answered without being read), anything else serialised. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  const file = typeof body === 'string' || body instanceof Blob || body instanceof ArrayBuffer;
  return new Response(file ? (body as BodyInit) : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-cache', ...headers },
  });
}
