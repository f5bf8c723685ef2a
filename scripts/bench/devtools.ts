// The DevTools protocol over its WebSocket, for the benchmarks that drive Chromium without
// Playwright (interaction.ts), and the phone User-Agent they visit as.

export type Message = {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  sessionId?: string;
  result?: unknown;
  error?: { message: string };
};

export const userAgent =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36";

/** A DevTools protocol connection to a browser, sessions flattened. */
export async function connect(port: number) {
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let lastId = 0;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Set<(message: Message) => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as Message;
    const waiting = message.id === undefined ? undefined : pending.get(message.id);
    if (waiting && message.id !== undefined) {
      pending.delete(message.id);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result);
    } else {
      for (const listener of listeners) listener(message);
    }
  });
  const send = <T = unknown>(method: string, params: object = {}, sessionId?: string) =>
    new Promise<T>((resolve, reject) => {
      lastId += 1;
      pending.set(lastId, { resolve: resolve as (value: unknown) => void, reject });
      socket.send(JSON.stringify({ id: lastId, method, params, sessionId }));
    });
  const once = (method: string, sessionId: string) =>
    new Promise<void>((resolve) => {
      const listener = (message: Message) => {
        if (message.method === method && message.sessionId === sessionId) {
          listeners.delete(listener);
          resolve();
        }
      };
      listeners.add(listener);
    });
  /** Every event the browser sends until the returned function is called. */
  const on = (listener: (message: Message) => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return { send, once, on, close: () => socket.close() };
}
