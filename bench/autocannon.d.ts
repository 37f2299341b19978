// The part of autocannon's API bench/http.ts uses (the package ships no types).
declare module 'autocannon' {
  interface Request { method?: string; path?: string; body?: string; headers?: Record<string, string> }
  interface Options {
    url: string;
    /** Each connection cycles through these; setupRequest may rewrite a request before it is sent. */
    requests?: { setupRequest?: (request: Request) => Request }[];
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
  }
  interface Histogram { average: number; p99: number; total: number }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
