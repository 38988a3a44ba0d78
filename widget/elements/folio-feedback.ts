import { html, LitElement, nothing, unsafeCSS } from 'lit';
import { emit } from '../lib/events.ts';
import { type FeedbackSubject, MAX_COMMENT, sendFeedback } from '../lib/feedback-client.ts';
import type { ServerSettings } from '../lib/server.ts';
import styles from '../styles/feedback.css?inline';
import { sendIcon, thumbIcon } from '../styles/icons.ts';
import { base } from '../styles/theme.ts';

/** The parts of the feedback controls a page can style, passed up by the elements that hold them. */
export const FEEDBACK_PARTS = 'feedback-button, feedback-pressed, comment, action';

const THANKS = 'Thanks for your feedback';
const FAILED = 'Could not send feedback';

/** What `folio-feedback` says: the choice, and the answer's message id or the page's path. */
export type FeedbackDetail = { helpful: boolean; messageId: string } | { helpful: boolean; path: string };

/**
 * Feedback on an answer (thumbs under it, in `<folio-chat-message>`) or on a page ("Was this page
 * helpful?", in `<folio-page-feedback>`). The choices are toggle buttons; a choice is sent at once, and
 * once recorded, `folio-feedback` is dispatched. After "not helpful", an optional comment box asks what
 * was missing; its comment is sent as a second entry. A live region says thanks, or that sending failed,
 * and choosing or sending again retries.
 */
export class FolioFeedback extends LitElement {
  static override styles = [base, unsafeCSS(styles)];
  static override properties = {
    settings: { attribute: false },
    subject: { attribute: false },
    helpful: { state: true },
    isCommenting: { state: true },
    status: { state: true },
  };

  declare settings: ServerSettings;
  declare subject: FeedbackSubject;
  /** The reader's choice: pressed while it is sent, kept once recorded, undone if it failed. */
  declare helpful: boolean | undefined;
  declare isCommenting: boolean;
  /** What the live region says: nothing yet, THANKS or FAILED. */
  declare status: string;
  private isSending = false;
  private about = '';

  constructor() {
    super();
    this.isCommenting = false;
    this.status = '';
  }

  /** Lit may hand this element's message element another answer (the panel's list is not keyed): feedback starts over. */
  protected override willUpdate(): void {
    const about = JSON.stringify(this.subject);
    if (about === this.about) return;
    this.about = about;
    this.helpful = undefined;
    this.isCommenting = false;
    this.status = '';
  }

  private async choose(helpful: boolean): Promise<void> {
    if (this.isSending || helpful === this.helpful) return;
    const before = this.helpful;
    this.helpful = helpful;
    if (!(await this.send({ helpful }))) {
      this.helpful = before;
      return;
    }
    const { subject } = this;
    emit<FeedbackDetail>(
      this,
      'folio-feedback',
      subject.source === 'thumbs_only' ? { helpful, messageId: subject.messageId } : { helpful, path: subject.path },
    );
    this.isCommenting = !helpful;
    this.status = helpful ? THANKS : '';
    await this.updateComplete;
    if (!helpful) this.renderRoot.querySelector('textarea')!.focus();
  }

  private async sendComment(event: Event): Promise<void> {
    event.preventDefault();
    const comment = this.renderRoot.querySelector('textarea')!.value.trim();
    if (!comment || (await this.send({ helpful: false, comment }))) await this.thank();
  }

  /** Closes the comment box, keeping the focus on the choice it came from. */
  private async thank(): Promise<void> {
    this.isCommenting = false;
    this.status = THANKS;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('[aria-pressed="true"]')?.focus();
  }

  /** Whether Folio recorded it. */
  private async send(feedback: { helpful: boolean; comment?: string }): Promise<boolean> {
    if (this.isSending) return false;
    this.isSending = true;
    // Cleared first, so a second failure is announced again.
    this.status = '';
    try {
      await sendFeedback(this.settings, { ...this.subject, ...feedback });
      return true;
    } catch {
      this.status = FAILED;
      return false;
    } finally {
      this.isSending = false;
    }
  }

  override render() {
    const isAnswer = this.subject.source === 'thumbs_only';
    // Under an answer, icons named by their labels; on a page, the labels answer a visible question.
    // The chosen one is also `feedback-pressed`, as ::part() takes no attribute selector.
    const choice = (helpful: boolean, label: string) =>
      html`<button class="icon-button" part=${this.helpful === helpful ? 'feedback-button feedback-pressed' : 'feedback-button'} aria-pressed=${this.helpful === helpful} aria-label=${isAnswer ? label : nothing} title=${isAnswer ? label : nothing} @click=${() => this.choose(helpful)}>${thumbIcon(!helpful)}${isAnswer ? nothing : label}</button>`;
    return html`<div role="group" class=${isAnswer ? 'thumbs' : ''} aria-label=${isAnswer ? 'Was this answer helpful?' : nothing} aria-labelledby=${isAnswer ? nothing : 'question'}>
        ${isAnswer ? nothing : html`<span id="question">Was this page helpful?</span>`}
        ${choice(true, isAnswer ? 'Helpful' : 'Yes')}${choice(false, isAnswer ? 'Not helpful' : 'No')}
      </div>
      <span role="status" class=${this.status === FAILED ? 'error' : ''}>${this.status}</span>
      ${
        this.isCommenting
          ? html`<form @submit=${this.sendComment}>
            <label for="comment">What was missing?</label>
            <textarea id="comment" part="comment" rows="3" maxlength=${MAX_COMMENT}></textarea>
            <div>
              <button class="icon-button" part="action" type="submit">${sendIcon()} Send</button>
              <button class="icon-button" part="action" type="button" @click=${this.thank}>Skip</button>
            </div>
          </form>`
          : nothing
      }`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'folio-feedback': FolioFeedback;
  }
  interface HTMLElementEventMap {
    'folio-feedback': CustomEvent<FeedbackDetail>;
  }
}
