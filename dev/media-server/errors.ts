/**
 * A request to the server's handle that cannot be carried out (no such room, participant or track; a bad value).
 * `status` is the HTTP status the control endpoints answer with.
 */
export class ControlError extends Error {
  readonly status: 400 | 404;

  constructor(message: string, status: 400 | 404) {
    super(message);
    this.name = 'ControlError';
    this.status = status;
  }
}
