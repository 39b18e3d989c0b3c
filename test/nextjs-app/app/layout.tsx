import type { ReactNode } from 'react';
import '@roomkit/react/styles.css';

export const metadata = { title: 'RoomKit in Next.js' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
