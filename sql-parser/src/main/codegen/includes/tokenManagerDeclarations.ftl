<#--
  Spindle: code added to the generated token manager (TOKEN_MGR_DECLS). It is here rather than in
  parserImpls.ftl because a semantic look-ahead may only call methods that throw no checked
  exception, and every parser production throws ParseException; the parser reaches it as
  token_source.
-->
    /**
     * Spindle: marks the trailing {@code AS OF} of the statement that follows {@code before}.
     *
     * <p>Walks the tokens after {@code before} (reading them from the input if the parser has
     * not yet) up to the end of the statement: a {@code ;} or an unbalanced {@code )} at
     * parenthesis depth 0, or the end of the input. Every {@code AS} at depth 0 that is followed
     * by {@code OF} and not preceded by {@code SYSTEM_TIME} (Calcite's {@code FOR SYSTEM_TIME AS
     * OF}) becomes an {@code AS_OF} token, which no other production accepts, so Calcite's
     * optional {@code [AS] alias} does not take it. {@code OF} is reserved, so {@code AS OF} is
     * never an alias. Idempotent; linear in the statement's length.
     *
     * @return false, always: it is called from a look-ahead that must never match
     */
    public boolean markAsOf(Token before) {
        int depth = 0;
        Token prev = before;
        Token t = spindleNext(before);
        while (t.kind != EOF) {
            if (t.kind == LPAREN) {
                depth++;
            } else if (t.kind == RPAREN) {
                if (depth == 0) {
                    break;
                }
                depth--;
            } else if (depth == 0) {
                if (t.kind == SEMICOLON) {
                    break;
                }
                if (t.kind == AS && prev.kind != SYSTEM_TIME && spindleNext(t).kind == OF) {
                    t.kind = AS_OF;
                }
            }
            prev = t;
            t = spindleNext(t);
        }
        return false;
    }

    /**
     * The token after {@code t}, read from the input if need be. A lexical error met while
     * reading ahead is not thrown here but deferred until the parser itself asks for that token
     * (see deferLexicalError), so that an earlier syntax error is still reported first, as in
     * Calcite; the walk then sees an end of input.
     */
    private Token spindleNext(Token t) {
        if (t.next == null) {
            try {
                t.next = getNextToken();
            } catch (TokenMgrError e) {
                deferLexicalError(e);
                Token end = new Token();
                end.kind = EOF;
                return end;
            }
        }
        return t.next;
    }

    /**
     * Makes the next read of a token throw {@code error}: the lexer's input is swapped for one
     * whose first step throws it. Nothing else reads the input afterwards: the parser stops at
     * the error.
     */
    private void deferLexicalError(final TokenMgrError error) {
        input_stream = new SimpleCharStream(new java.io.StringReader("")) {
            public char BeginToken() {
                throw error;
            }
        };
    }
