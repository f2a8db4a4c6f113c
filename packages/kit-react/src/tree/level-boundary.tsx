import { Component, type ReactNode } from 'react';
import type { TreeLevel } from './level.js';
import { LevelViewRender } from './level-view.js';
import { renderErrorInfo } from './render-error.js';

interface BoundaryProps {
  readonly level: TreeLevel;
  readonly dev: boolean;
  readonly children: ReactNode;
}

interface BoundaryState {
  readonly error: { readonly thrown: unknown } | null;
  readonly level: TreeLevel;
}

/**
 * Catches an error thrown while a level renders on the client and shows the level's error view in its
 * place (the layouts above stay). A new level object (a navigation, a refresh) clears the error.
 */
export class LevelErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, level: this.props.level };

  static getDerivedStateFromError(thrown: unknown): Partial<BoundaryState> {
    return { error: { thrown } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.level === state.level ? null : { error: null, level: props.level };
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const { errorView } = this.props.level;
    const info = renderErrorInfo(error.thrown, this.props.dev);
    return (
      <LevelViewRender
        view={{ kind: 'error', file: errorView.file, Component: errorView.Component, data: null, error: info }}
        next={null}
        level={this.props.level}
      />
    );
  }
}
