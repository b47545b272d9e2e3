// Small Response builders shared by the service worker's routes.

export const JSON_TYPE = 'application/json; charset=utf-8';

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': JSON_TYPE, 'Cache-Control': 'no-cache', ...headers },
  });
}
