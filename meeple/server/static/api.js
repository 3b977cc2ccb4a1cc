// The JSON API and the secret seat tokens (kept in this browser's localStorage).
export class ApiError extends Error {
  // detail: a refusal's catalog message ({key, args, text}) when the server sent one (issue 14)
  constructor(status, message, detail) { super(message); this.status = status; this.detail = detail || null; }
}

export function tokenFor(table) { return localStorage.getItem(`meeple:token:${table}`); }
export function setToken(table, token) {
  if (token) localStorage.setItem(`meeple:token:${table}`, token);
}

export async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  // a change made with the session cookie carries its CSRF token (issue 28: the readable meeple_csrf cookie)
  const csrf = document.cookie.match(/(?:^|;\s*)meeple_csrf=([^;]+)/);
  if (csrf && method !== "GET") headers["X-CSRF-Token"] = csrf[1];
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) throw new ApiError(res.status, (data && data.error) || `HTTP ${res.status}`, data && data.message);
  return data;
}
