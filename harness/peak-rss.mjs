// Preloaded with `node --import` into a child run of the build: at exit it prints the process's
// peak resident memory, whatever the exit code, so a test or bench can read it from stderr.

process.on('exit', () => {
  process.stderr.write(`\npeak-rss-kb ${process.resourceUsage().maxRSS}\n`);
});
