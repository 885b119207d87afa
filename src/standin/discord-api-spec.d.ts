/**
 * `discord-api-spec/zod` ships its zod schemas as plain JavaScript (its `types` entry points at the .js file), so
 * TypeScript sees no declarations; `schema.ts` types the few members it uses itself.
 */
declare module 'discord-api-spec/zod' {
  const schemas: Record<string, unknown>;
  export = schemas;
}
