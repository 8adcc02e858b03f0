import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { ProductForm } from './product-form';

type Submit = Parameters<typeof ProductForm>[0]['onSubmit'];

function renderForm(onSubmit: Submit = vi.fn(async () => {}), resetOnSuccess = true) {
  render(<ProductForm submitLabel="Add product" onSubmit={onSubmit} resetOnSuccess={resetOnSuccess} />);
  return { user: userEvent.setup(), onSubmit };
}

/** Whether a field is marked as having a problem (its message is the control's description). */
const problemOf = (label: string) => screen.getByLabelText(label).getAttribute('aria-invalid') === 'true';

describe('ProductForm', () => {
  it('shows every field’s problem at once, sends nothing, and focuses the first field in trouble', async () => {
    const { user, onSubmit } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(['Name', 'Code', 'Price (USD)', 'Stock'].map(problemOf)).toEqual([true, true, true, true]);
    expect(['Shirt sizes', 'Description'].map(problemOf)).toEqual([false, false]);
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    // Typing in a field clears its own message, and only its own.
    await user.type(screen.getByLabelText('Name'), 'Fictional Tee');
    expect(['Name', 'Code'].map(problemOf)).toEqual([false, true]);
  });

  it('names what is wrong with a filled-in value, in the words the server would use', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Fictional Tee');
    await user.type(screen.getByLabelText('Code'), 'FIC TEE');
    await user.type(screen.getByLabelText('Price (USD)'), '24.999');
    await user.type(screen.getByLabelText('Stock'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(['Name', 'Code', 'Price (USD)', 'Stock'].map(problemOf)).toEqual([false, true, true, true]);
    expect(screen.getByText('Code may only hold letters, digits, - and _')).toBeDefined();
    expect(screen.getByText('Price must be a positive amount in dollars with at most two decimals')).toBeDefined();
    expect(screen.getByText('Stock must be a whole number')).toBeDefined();
    expect(document.activeElement).toBe(screen.getByLabelText('Code'));
  });

  it('edits a product: starts from its values, sends the changes without a picture, and keeps them shown', async () => {
    const onSubmit = vi.fn<Submit>(async () => {});
    render(
      <ProductForm
        submitLabel="Save changes"
        onSubmit={onSubmit}
        initial={{
          productName: 'Fictional Tee',
          productCode: 'FIC-TEE',
          description: 'A shirt from no film at all.',
          price: '24.99',
          quantityInStock: '5',
          shirtSizes: 'S, M',
          shirtColors: '',
          vinylColors: '',
        }}
      />,
    );
    const user = userEvent.setup();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Description').value).toBe('A shirt from no film at all.');
    await user.clear(screen.getByLabelText('Stock'));
    await user.type(screen.getByLabelText('Stock'), '12');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ productCode: 'FIC-TEE', quantityInStock: '12', shirtSizes: 'S, M' }),
      null,
    );
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save changes' }).disabled).toBe(false));
    expect(screen.getByLabelText<HTMLInputElement>('Stock').value).toBe('12');
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Fictional Tee');
  });

  it('refuses a picture that is not an image or too large, before anything is sent', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Fictional Tee');
    await user.type(screen.getByLabelText('Code'), 'FIC-TEE');
    await user.type(screen.getByLabelText('Price (USD)'), '24.99');
    await user.type(screen.getByLabelText('Stock'), '5');
    // The file picker offers pictures only; a file dropped in or picked with "all files" is checked too.
    const anyFile = userEvent.setup({ applyAccept: false });
    await anyFile.upload(screen.getByLabelText('Image'), new File(['not a picture'], 'notes.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Choose a JPEG, PNG, WebP, GIF or AVIF picture.')).toBeDefined();
    expect(problemOf('Image')).toBe(true);

    await user.upload(screen.getByLabelText('Image'), new File([new Uint8Array(20 * 1024 * 1024)], 'huge.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(/^The picture is larger than \d+ MB\.$/)).toBeDefined();
  });

  it('sends the checked values with the picture, then starts again empty', async () => {
    const { user, onSubmit } = renderForm();
    const picture = new File([new Uint8Array([1, 2, 3])], 'tee.png', { type: 'image/png' });
    await user.type(screen.getByLabelText('Name'), 'Fictional Tee');
    await user.type(screen.getByLabelText('Code'), 'FIC-TEE');
    await user.type(screen.getByLabelText('Price (USD)'), '24.99');
    await user.type(screen.getByLabelText('Stock'), '5');
    await user.type(screen.getByLabelText('Shirt sizes'), 'S, M');
    await user.upload(screen.getByLabelText('Image'), picture);
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        productName: 'Fictional Tee',
        productCode: 'FIC-TEE',
        price: '24.99',
        quantityInStock: '5',
        shirtSizes: 'S, M',
      }),
      picture,
    );
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe(''));
    expect(screen.getByLabelText<HTMLInputElement>('Code').value).toBe('');
  });

  it("shows the server's refusal, ties a taken code to the Code field, and keeps what was typed", async () => {
    const onSubmit = vi.fn<Submit>(async () => {
      throw new ApiError(409, 'conflict', 'A product with code FIC-TEE already exists.');
    });
    const { user } = renderForm(onSubmit);
    await user.type(screen.getByLabelText('Name'), 'Fictional Tee');
    await user.type(screen.getByLabelText('Code'), 'FIC-TEE');
    await user.type(screen.getByLabelText('Price (USD)'), '24.99');
    await user.type(screen.getByLabelText('Stock'), '5');
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A product with code FIC-TEE already exists.');
    expect(problemOf('Code')).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Fictional Tee');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add product' }).disabled).toBe(false);
  });
});
