// Types of harness/tools.mjs.
export type Tool = 'chromium' | 'nginx' | 'pdftoppm';
export const CHROMIUM: string;
export const NGINX: string;
export const BROTLI_MODULE: string;
export const TOOLS: Record<Tool, { packages: string[]; missing: () => string | undefined }>;
export function installCommand(names: Tool[]): string;
export function toolMissing(name: Tool): string | undefined;
export function haveTool(name: Tool, what: string): boolean;
export function chromiumArgs(playwrightVersion?: string): string[];
