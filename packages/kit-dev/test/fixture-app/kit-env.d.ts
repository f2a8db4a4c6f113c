// Types of the style imports esbuild bundles: a CSS module's default export maps class names to the
// generated ones; a plain stylesheet is imported for its effect only.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
