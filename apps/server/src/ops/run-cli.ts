/**
 * Runs a command line's `main` with its arguments and exits with the code it returns; a thrown
 * error exits 1 with its message on stderr (no stack: these are operators' tools).
 */
export function runCli(main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    },
  );
}
