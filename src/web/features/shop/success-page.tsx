export function SuccessPage() {
  return (
    <section className="card mx-auto max-w-xl p-8 text-center">
      <h1 className="page-title text-emerald-500">Payment Successful</h1>
      <p className="mb-2 text-lg">Thank you for your order!</p>
      <p>Check your email for a receipt</p>
    </section>
  );
}

export { SuccessPage as Component };
