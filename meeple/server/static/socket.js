// The table page's live connection (issue 27: tablePage split by concern): the socket to
// /ws/<table>, its seat token, reconnection with a growing pause, the keep-alive ping.  Each
// message goes to ``on``: full / update (a payload), presence (who has the table open), error.

export function tableSocket(id, token, on) {
  let ws = null, closed = false, retry = 0;
  function connect() {
    if (ws) { ws.onclose = null; ws.close(); }
    const proto = location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${proto}://${location.host}/ws/${id}`);
    ws.onopen = () => { retry = 0; ws.send(JSON.stringify({ token: token() })); };
    ws.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "pong") return;
      if (msg.type === "error") {
        // a bad token: forget it and watch as a spectator; any other error ends the connection
        if (msg.key === "server.token.unknown" || msg.key === "server.hello.malformed") { localStorage.removeItem(`meeple:token:${id}`); on.error(msg.error); connect(); }
        else { closed = true; on.error(msg.error); }
        return;
      }
      if (msg.type === "presence") on.presence(msg);
      else if (msg.type === "full" || msg.type === "update") on.payload(msg);
    };
    ws.onclose = () => {
      if (closed) return;
      retry = Math.min(retry + 1, 5);
      setTimeout(() => { if (!closed) connect(); }, 300 * retry);
      on.state();
    };
  }
  const pinger = setInterval(() => { if (ws && ws.readyState === 1) ws.send("ping"); }, 25000);
  return {
    connect,
    get ws() { return ws; },
    close() { closed = true; clearInterval(pinger); if (ws) { ws.onclose = null; ws.close(); } },
  };
}
