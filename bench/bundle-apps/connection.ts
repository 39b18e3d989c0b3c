/** Where a real app would get its connection from its backend; the same few bytes in every bundle app. */
export function readConnection(): { token: string; url: string } {
  const { token = '', url = '' } = document.body.dataset;
  return { token, url };
}
