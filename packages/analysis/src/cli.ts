/**
 * `npm run -s analyze -- <engine> [options] FILE|FOLDER... [--from LIST|-]`: one entry point for
 * every engine; one JSON line per file on standard output, progress and summary on standard error.
 * Each engine folder exports `runCli(args): Promise<number>` from its `cli.ts`.
 */
type CliModule = { runCli(args: string[]): Promise<number> };

// Engine name on the command line -> its folder. Loaded lazily so one engine's heavy
// dependencies (tfjs, onnxruntime) are only paid for when that engine runs.
const engines: Record<string, string> = {
  tongue: 'tongue',
  face: 'face',
  pulse: 'pulse',
  voice: 'voice',
  constitution: 'constitution',
  synthesize: 'synthesis',
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const folder = name ? engines[name] : undefined;
  if (!folder) {
    process.stderr.write(
      `usage: npm run -s analyze -- <${Object.keys(engines).join('|')}> [options] FILE|FOLDER... [--from LIST|-]\n`,
    );
    return 2;
  }
  const mod = (await import(`./${folder}/cli.js`)) as CliModule;
  return mod.runCli(rest);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`analyze: ${(e as Error)?.stack ?? String(e)}\n`);
    process.exit(2);
  },
);
