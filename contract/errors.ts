import { z } from 'zod';

/** One field error of a 422: where (`["body","email"]`), what, and a machine-readable type. */
export const FieldError = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
});
export type FieldError = z.infer<typeof FieldError>;

/** Every error the API returns has this one shape: a sentence, or field errors for a 422. */
export const ErrorResponse = z.object({
  detail: z.union([z.string(), z.array(FieldError)]),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;
