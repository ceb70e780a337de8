import { onlineManager } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { LIVE_OFF, LIVE_ON, LiveStatus, OFFLINE } from './live-status';

afterEach(() => {
  act(() => onlineManager.setOnline(true));
});

describe('the live status line', () => {
  it('says live, polling, or offline: never a poll it cannot make', async () => {
    renderWithProviders(<LiveStatus live={false} />);
    expect(await screen.findByText(LIVE_OFF)).toBeInTheDocument();

    act(() => onlineManager.setOnline(false));
    expect(screen.getByText(OFFLINE)).toBeInTheDocument();
    expect(screen.queryByText(LIVE_OFF)).not.toBeInTheDocument();

    act(() => onlineManager.setOnline(true));
    expect(screen.getByText(LIVE_OFF)).toBeInTheDocument();
    expect(LIVE_ON).not.toBe(OFFLINE);
  });
});
