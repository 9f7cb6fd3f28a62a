export function openApiDocument(): object {
  return { openapi: '3.1.0' };
}
