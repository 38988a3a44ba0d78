/** Stylesheets imported as text (Vite's `?inline`, minified in the build) and adopted by the elements. */
declare module '*.css?inline' {
  const css: string;
  export default css;
}
