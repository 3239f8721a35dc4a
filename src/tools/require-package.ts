/**
 * Loads a dependency's CommonJS build synchronously on first use, so importing reins costs none of
 * it: Ajv and re2js when the first schema is compiled, the `yaml` parser when the first YAML body is
 * read. Compiling and parsing are synchronous, so this is a `require` through the runtime's module
 * built-in, looked up at call time: no `node:` import here, and the root entry stays loadable in
 * runtimes without one (where only these uses fail, with this message).
 */
export function requirePackage<T>(specifier: 'ajv' | 'ajv/dist/2020.js' | 're2js' | 'yaml', purpose: string): T {
  const moduleBuiltin = globalThis.process?.getBuiltinModule?.('node:module');
  if (!moduleBuiltin) throw new Error(`${purpose} needs a runtime with process.getBuiltinModule (Node 22.3+, Deno, Bun) to load ${specifier}`);
  return moduleBuiltin.createRequire(import.meta.url)(specifier) as T;
}
