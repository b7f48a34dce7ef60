import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScrollOnNavigate } from './use-scroll-on-navigate';

let navigate: ReturnType<typeof useNavigate> = () => undefined;
function Page() {
  useScrollOnNavigate();
  navigate = useNavigate();
  return null;
}

describe('useScrollOnNavigate', () => {
  afterEach(() => vi.restoreAllMocks());

  it('leaves the first page where the visitor scrolled it, and starts each later page at the top', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/privacy-policy']}>
        <Page />
      </MemoryRouter>,
    );
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => void navigate('/contact-us'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
