import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from './ToastProvider';
import { toastTypes, type ToastApi } from './toast-context';

let api: ToastApi;
function Grab() {
  api = useToast();
  return null;
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Grab />
      </ToastProvider>,
    );
  });
  afterEach(() => vi.useRealTimers());

  it.each(toastTypes)('a %s toast is titled with its type in capitals', (type) => {
    act(() => void api[type]('Hello'));
    expect(screen.getByText(type.toUpperCase())).toBeInTheDocument();
    expect(screen.getByText('Hello')).toBeInTheDocument();
  });

  it('uses role alert for warnings and errors, status for the rest', () => {
    act(() => {
      api.warning('Please login first');
      api.success('Saved');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Please login first');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });

  it('takes a custom title', () => {
    act(() => void api.show({ type: 'info', title: 'Heads up', message: 'Something' }));
    expect(screen.getByText('Heads up')).toBeInTheDocument();
    expect(screen.queryByText('INFO')).toBeNull();
  });

  it('leaves after 5000 ms, stacked ones each on their own clock', () => {
    act(() => void api.info('First'));
    act(() => void vi.advanceTimersByTime(3000));
    act(() => void api.info('Second'));
    act(() => void vi.advanceTimersByTime(1999));
    expect(screen.getByText('First')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Second')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(3000));
    expect(screen.queryByText('Second')).toBeNull();
  });

  it('closes on its close button', () => {
    act(() => void api.error('Broken'));
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Broken')).toBeNull();
  });
});
