import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonClass } from './Button';

describe('Button', () => {
  it('is a plain button of the secondary look unless told otherwise, so it never submits a form by accident', () => {
    const submitted = vi.fn((event: Event) => event.preventDefault());
    render(
      <form onSubmit={(event) => submitted(event.nativeEvent)}>
        <Button>Cancel</Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Cancel' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('btn', 'btn--secondary');
    fireEvent.click(button);
    expect(submitted).not.toHaveBeenCalled();
  });

  it('takes its variant, size, width and extra classes, and submits when it says so', () => {
    render(
      <Button type="submit" variant="danger" size="sm" block className="extra">
        Remove
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Remove' });
    expect(button).toHaveAttribute('type', 'submit');
    expect(button.className).toBe('btn btn--danger btn--sm btn--block extra');
  });

  it('while busy: disabled, announced as busy, with a spinner', () => {
    const { container } = render(<Button busy>Saving…</Button>);
    const button = screen.getByRole('button', { name: 'Saving…' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(container.querySelector('.btn-spinner')).not.toBeNull();
  });

  it('gives links the same look', () => {
    expect(buttonClass({ variant: 'primary', size: 'lg' })).toBe('btn btn--primary btn--lg');
    expect(buttonClass()).toBe('btn btn--secondary');
  });
});
