import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from './pages/StatusPages';

/** Catches a screen that throws while rendering and shows the router's error screen instead. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    return this.state.error ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}
