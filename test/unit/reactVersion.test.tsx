import { render, screen } from '@testing-library/react';
import { version as reactVersion, useId } from 'react';
import { version as domVersion } from 'react-dom';

test('runs against the React major this project is configured for', () => {
  const expected = process.env.EXPECTED_REACT_MAJOR;
  expect(expected).toMatch(/^1[89]$/);
  expect(reactVersion.split('.')[0]).toBe(expected);
  expect(domVersion.split('.')[0]).toBe(expected);
  function Probe() {
    return <p>{useId() ? `react ${reactVersion}` : ''}</p>;
  }
  render(<Probe />);
  expect(screen.getByText(`react ${reactVersion}`)).toBeInTheDocument();
});
