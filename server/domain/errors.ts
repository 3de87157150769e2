import type { FieldError } from '../../contract/errors';

/**
 * Errors the rules raise. The HTTP layer maps each to its status in one place
 * (http/plugins/errors.ts); the message is what the client reads, so write it for a person.
 */
export class DomainError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 422 | 429,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends DomainError {
  constructor(message: string) {
    super(400, message);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'Could not validate credentials') {
    super(401, message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'Not enough privileges') {
    super(403, message);
  }
}

export class NotFoundError extends DomainError {
  constructor(what: string) {
    super(404, `${what} not found`);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super(409, message);
  }
}

/** A 422 raised by a rule (not by schema validation), pointing at the offending field(s). */
export class ValidationError extends DomainError {
  constructor(readonly fieldErrors: FieldError[]) {
    super(422, fieldErrors.map((e) => `${e.loc.join('.')}: ${e.msg}`).join('; '));
  }

  static field(loc: (string | number)[], msg: string, type = 'value_error') {
    return new ValidationError([{ loc, msg, type }]);
  }
}
