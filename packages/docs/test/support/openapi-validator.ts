import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ValidateFunction } from 'ajv';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

/** Validates response bodies against the schemas of the OpenAPI document a server serves. */
export class OpenApiValidator {
  readonly #ajv: Ajv2020;
  readonly #cache = new Map<string, ValidateFunction>();

  constructor(readonly document: any) {
    this.#ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(this.#ajv);
    this.#ajv.addSchema({ $id: 'openapi.json', components: document.components }, 'openapi.json');
  }

  /** The operation object for `GET path`. */
  operation(path: string, method = 'get'): any {
    const operation = this.document.paths?.[path]?.[method];
    if (!operation) throw new Error(`OpenApiValidator: no ${method.toUpperCase()} ${path} in the document`);
    return operation;
  }

  /**
   * Checks a body against the schema the document declares for this path, status and media type;
   * returns the validation errors, empty when the body conforms.
   */
  check(path: string, status: number, contentType: string, body: unknown): string[] {
    const key = `${path} ${status} ${contentType}`;
    let validate = this.#cache.get(key);
    if (!validate) {
      const responses = this.operation(path).responses;
      const response = responses[String(status)];
      if (!response) return [`status ${status} is not declared for GET ${path}`];
      const mediaType = contentType.split(';')[0]!.trim();
      const schema = response.content?.[mediaType]?.schema;
      if (!schema) return [`media type ${mediaType} is not declared for ${status} of GET ${path}`];
      validate = this.#ajv.compile(rewriteRefs(schema));
      this.#cache.set(key, validate);
    }
    return validate(body) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`);
  }
}

/** `#/components/...` refs point into the registered document. */
function rewriteRefs(schema: unknown): object {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/'));
}
