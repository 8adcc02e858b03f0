import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../context';
import { unauthenticated } from '../../shared/errors';

/** The signed-in user of a 'signed-in' or 'admin' route (the access hook has already checked). */
export function requireUser(request: FastifyRequest): SessionUser {
  if (request.user === null) throw unauthenticated();
  return request.user;
}

/** Owners may change their own things; admins may change anyone's. */
export function isOwnerOrAdmin(user: SessionUser, ownerId: string): boolean {
  return user.role === 'admin' || user.id === ownerId;
}
