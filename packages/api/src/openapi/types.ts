import type { generateOpenApiDocument } from 'trpc-to-openapi';

/** The OpenAPI 3.1 document as the generator types it. */
export type Document = ReturnType<typeof generateOpenApiDocument>;
export type PathItem = NonNullable<Document['paths']>[string];
export type Operation = NonNullable<PathItem['get']>;
export const httpMethods = ['get', 'post', 'put', 'patch', 'delete'] as const;
