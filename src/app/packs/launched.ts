// A pack the phone opened the installed app with (the web manifest's file_handlers, Chromium's
// Launch Handler API: window.launchQueue). Taken once, by the pack screen.

interface LaunchParams {
  files?: ReadonlyArray<{ kind: string; getFile(): Promise<File> }>;
}
declare global {
  interface Window {
    launchQueue?: { setConsumer(consumer: (params: LaunchParams) => void): void };
  }
}

export function takeLaunchedPack(open: (file: File) => void): void {
  window.launchQueue?.setConsumer((params) => {
    const handle = params.files?.find((f) => f.kind === 'file');
    if (handle) void handle.getFile().then(open, () => undefined);
  });
}
