import { useEffect, useRef, useState } from 'preact/hooks';
import { fetchCodeAgents } from './api.ts';

/** Calls `callback(now)` on every animation frame while the component is mounted. */
export function useAnimationFrame(callback: (now: number) => void): void {
  const latest = useRef(callback);
  latest.current = callback;
  useEffect(() => {
    let handle = requestAnimationFrame(function tick(now) {
      latest.current(now);
      handle = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(handle);
  }, []);
}

/** Whether a key event is typing into a field (text, number, select), which game keys must leave alone. */
export function isTyping(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement;
  if (target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && target.type !== 'range' && target.type !== 'checkbox' && target.type !== 'button';
}

/**
 * Whether a key event goes to a control that Space or Enter works (a button, a link, a summary): while
 * a game is paused its keys move nothing, so they are left to the control.
 */
export function isOnControl(event: KeyboardEvent): boolean {
  return (event.target as HTMLElement).closest?.('button, a[href], summary') != null;
}

/** Listens to window key presses while mounted. */
export function useKeys(handler: (event: KeyboardEvent) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener = (event: KeyboardEvent) => latest.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}

/** Calls `onLoss` when the page loses focus or is hidden (iarTris pauses then). */
export function useFocusLoss(onLoss: () => void): void {
  const latest = useRef(onLoss);
  latest.current = onLoss;
  useEffect(() => {
    const blur = () => latest.current();
    const visibility = () => document.hidden && latest.current();
    window.addEventListener('blur', blur);
    document.addEventListener('visibilitychange', visibility);
    return () => {
      window.removeEventListener('blur', blur);
      document.removeEventListener('visibilitychange', visibility);
    };
  }, []);
}

/** The window's inner size, kept up to date. */
export function useWindowSize(): { width: number; height: number } {
  const [size, setSize] = useState({ width: window.innerWidth, height: window.innerHeight });
  useEffect(() => {
    const resize = () => setSize({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener('resize', resize);
    return () => window.removeEventListener('resize', resize);
  }, []);
  return size;
}

/** A value that forces a re-render each time `tick` is called (for views drawn from mutable state). */
export function useTicker(): [number, () => void] {
  const [count, setCount] = useState(0);
  return [count, () => setCount((value) => value + 1)];
}

let codeAgents: Promise<{ name: string; file: string }[]> | null = null;

/** The agents in code this server plays (fetched once per page; none when the request fails). */
export function useCodeAgents(): { name: string; file: string }[] {
  const [agents, setAgents] = useState<{ name: string; file: string }[]>([]);
  useEffect(() => {
    codeAgents ??= fetchCodeAgents().catch(() => []);
    void codeAgents.then(setAgents);
  }, []);
  return agents;
}
