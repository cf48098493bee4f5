// Text files imported as strings (`import text from '../file.md?raw'`): vite does this under vitest, and the
// `raw-text` plugin in rollup.config.mjs does it for the bundle. Used for the default templates in defaults/.
declare module '*?raw' {
  const text: string;
  export default text;
}
