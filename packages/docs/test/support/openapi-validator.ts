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
    return validate(body)
      ? []
      : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`);
  }
}

/** A GET request as a client would send it: query parameters as strings, and a JSON body or none. */
export interface RequestShape {
  readonly query?: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

export interface OpenApiRequestCheck {
  /** Why the request does not conform to the document's operation; empty when it does. */
  (path: string, request: RequestShape): string[];
}

/**
 * Whether a GET request conforms to the operation the document declares, as a client-side validator
 * judges it: every required query parameter present, each present one valid against its schema (its
 * string converted to the declared type, as the form style reads it), the body valid against the
 * request body schema, and present when the document requires one.
 */
export function requestChecker(validator: OpenApiValidator): OpenApiRequestCheck {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return (path, request) => {
    const operation = validator.operation(path);
    const problems: string[] = [];
    for (const parameter of (operation.parameters ?? []) as { name: string; in: string; required?: boolean; schema: object }[]) {
      if (parameter.in !== 'query') continue;
      const raw = request.query?.[parameter.name];
      if (raw === undefined) {
        if (parameter.required) problems.push(`query parameter ${parameter.name} is required`);
        continue;
      }
      const type = (parameter.schema as { type?: string }).type;
      const value = type === 'integer' || type === 'number' ? Number(raw) : type === 'boolean' ? raw === 'true' : raw;
      if (!ajv.validate(parameter.schema, value)) problems.push(`query parameter ${parameter.name}: ${ajv.errorsText()}`);
    }
    const body = operation.requestBody as { required?: boolean; content: Record<string, { schema: object }> } | undefined;
    if (request.body === undefined) {
      if (body?.required) problems.push('the request body is required');
    } else if (!body) {
      problems.push('the operation takes no request body');
    } else if (!ajv.validate(body.content['application/json']!.schema, request.body)) {
      problems.push(`request body: ${ajv.errorsText()}`);
    }
    return problems;
  };
}

/** `#/components/...` refs point into the registered document. */
function rewriteRefs(schema: unknown): object {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/'));
}
