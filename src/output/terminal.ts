// The terminal emctl writes to, as far as its output needs to know it.

/**
 * The width a chart may take: $COLUMNS when set (shells do not export it by default, so it is
 * mostly a user's choice), else the terminal's own width when stdout is one (Node gives a TTY
 * stream its `columns`), else none (the renderer's default, 80).
 */
export function terminalWidth(io: { env: Record<string, string | undefined>; stdout: { write(chunk: string): unknown; isTTY?: boolean } }): number | undefined {
  const fromEnv = Number(io.env.COLUMNS);
  if (Number.isInteger(fromEnv) && fromEnv > 20) return fromEnv;
  const columns = (io.stdout as { columns?: unknown }).columns;
  return io.stdout.isTTY && typeof columns === 'number' && Number.isInteger(columns) && columns > 20 ? columns : undefined;
}
