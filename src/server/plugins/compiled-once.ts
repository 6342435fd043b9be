// A schema's compiled validator or serializer, made once per process for each distinct schema. Fastify compiles
// every route's schemas anew for each app it builds: at start-up the same `{ detail }` answer was compiled for every
// route, and a process that builds many apps (the API suites build hundreds) spent a third of its CPU compiling.
// Schemas are plain JSON (TypeBox's own keys are symbols, which neither Ajv nor fast-json-stringify reads), so
// their JSON text is their identity.

export function compiledOnce<T>(compile: (schema: object) => T): (schema: object) => T {
  const compiled = new Map<string, T>();
  return (schema) => {
    const key = JSON.stringify(schema);
    let found = compiled.get(key);
    if (found === undefined) {
      found = compile(schema);
      compiled.set(key, found);
    }
    return found;
  };
}
