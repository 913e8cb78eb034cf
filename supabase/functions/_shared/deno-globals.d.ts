// Types of the Deno globals these functions use, for the repository's TypeScript check
// (Deno and the Supabase edge runtime bring their own; no function imports this file).
declare namespace Deno {
  interface ServeHandlerInfo {
    remoteAddr: { transport: 'tcp'; hostname: string; port: number };
    completed: Promise<void>;
  }
  type ServeHandler = (request: Request, info: ServeHandlerInfo) => Response | Promise<Response>;
  interface HttpServer {
    finished: Promise<void>;
    shutdown(): Promise<void>;
  }
  function serve(handler: ServeHandler): HttpServer;
  function serve(
    options: { onError?: (error: unknown) => Response | Promise<Response> },
    handler: ServeHandler,
  ): HttpServer;
  const env: {
    get(key: string): string | undefined;
    set(key: string, value: string): void;
    has(key: string): boolean;
    toObject(): Record<string, string>;
  };
}

// The edge runtime's AI API (hosted: the gte-small model; the emulator: its local stand-in).
declare const Supabase: {
  ai: {
    Session: new (model: string) => {
      run(input: string, options?: { mean_pool?: boolean; normalize?: boolean }): Promise<unknown>;
    };
  };
};
