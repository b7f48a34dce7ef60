import { createContext, useContext } from 'react';

export const toastTypes = ['info', 'success', 'warning', 'error', 'question'] as const;
export type ToastType = (typeof toastTypes)[number];

/** Every toast leaves on its own after 5 s. */
export const toastTimeoutMs = 5000;

export interface ToastOptions {
  type?: ToastType;
  message: string;
  /** Defaults to the type's name in capitals. */
  title?: string;
}

export interface ToastApi {
  show(options: ToastOptions): number;
  dismiss(id: number): void;
  info(message: string, title?: string): number;
  success(message: string, title?: string): number;
  warning(message: string, title?: string): number;
  error(message: string, title?: string): number;
  question(message: string, title?: string): number;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast() needs a <ToastProvider> above it');
  return api;
}
