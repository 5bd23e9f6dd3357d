import type { LoginRequest, LoginResponse, PasswordLinkResource, UserResource } from '@chemtrack/domain';
import { api, type ResourceResponse } from '../../lib/api.ts';

export function signIn(body: LoginRequest) {
  return api.post<LoginResponse>('/auth/sign-in', { ...body, encode: true });
}

export function logout() {
  return api.post<{ message: string }>('/auth/logout');
}

export function forgotPassword(email: string) {
  return api.post<{ message: string }>('/auth/forgot-password', undefined, { username: email });
}

export function setPassword(token: string, password: string) {
  return api.post<{ message: string }>('/auth/set-password', { token, password, encode: true });
}

/** What a set-password link was sent for and whether it still works (issue 33 point 15). */
export function describePasswordLink(token: string) {
  return api.get<ResourceResponse<PasswordLinkResource>>('/auth/password-link', { token });
}

export function updateProfile(body: Record<string, unknown>) {
  return api.patch<ResourceResponse<UserResource>>('/auth/update-profile', { ...body, encode: true });
}
