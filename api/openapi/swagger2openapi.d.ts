/** The one function of swagger2openapi (7.x, untyped) that Folio calls. */
declare module 'swagger2openapi' {
  export function convertObj(
    swagger: object,
    options: {
      patch?: boolean;
      warnOnly?: boolean;
      resolve?: boolean;
      direct?: boolean;
      text?: string;
      fetch?: (url: string) => Promise<never>;
    },
  ): Promise<unknown>;
}
