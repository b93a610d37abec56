/**
 * `npm run -s analyze -- <engine> [options] FILE|FOLDER... [--from LIST|-]`: one entry point for
 * every engine; one JSON line per file on standard output, progress and summary on standard error.
 * Each engine folder exports `runCli(args): Promise<number>` from its `cli.ts` (the whole record:
 * `pipeline/record-cli.ts`).
 */
type CliModule = { runCli(args: string[]): Promise<number> };

// Command name -> the module that runs it. Loaded lazily so one engine's heavy dependencies
// (tfjs, onnxruntime) are only paid for when that engine runs.
const commands: Record<string, string> = {
  tongue: './tongue/cli.js',
  face: './face/cli.js',
  pulse: './pulse/cli.js',
  voice: './voice/cli.js',
  constitution: './constitution/cli.js',
  synthesize: './synthesis/cli.js',
  // A whole record (captures, answers, vitals) through the server's own pipeline.
  record: './pipeline/record-cli.js',
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const entry = name ? commands[name] : undefined;
  if (!entry) {
    process.stderr.write(
      `usage: npm run -s analyze -- <${Object.keys(commands).join('|')}> [options] FILE|FOLDER... [--from LIST|-]\n`,
    );
    return 2;
  }
  const mod = (await import(entry)) as CliModule;
  return mod.runCli(rest);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`analyze: ${(e as Error)?.stack ?? String(e)}\n`);
    process.exit(2);
  },
);
