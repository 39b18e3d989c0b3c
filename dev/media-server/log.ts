/** Where the media server reports what it does. Every method may be a no-op. */
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
  /** Whether messages of `level` are kept, to skip building costly ones. */
  enabled?(level: LogLevel): boolean;
}

export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug';

const ORDER: Record<LogLevel, number> = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 };

/** A logger writing to stderr with a timestamp, dropping messages below `level`. */
export function createConsoleLogger(level: LogLevel): Logger {
  const enabled = (wanted: LogLevel) => ORDER[level] >= ORDER[wanted];
  const write = (tag: string, message: string) => {
    process.stderr.write(`${new Date().toISOString().slice(11, 23)} media-server ${tag} ${message}\n`);
  };
  return {
    enabled,
    debug: (message) => enabled('debug') && write('debug', message),
    info: (message) => enabled('info') && write('info ', message),
    warn: (message) => enabled('warn') && write('warn ', message),
    error: (message, error) => {
      if (!enabled('error')) return;
      const detail = error instanceof Error ? `: ${error.stack ?? error.message}` : error === undefined ? '' : `: ${String(error)}`;
      write('error', `${message}${detail}`);
    },
  };
}
