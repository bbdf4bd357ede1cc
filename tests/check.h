/* tests/check.h - a tiny test harness.  Each test program ends with
 * CHECK_DONE(), which prints "N passed, M failed" and sets the exit status. */
#ifndef TLA_TESTS_CHECK_H
#define TLA_TESTS_CHECK_H
#include <stdio.h>
#include <string.h>

static int check_passed, check_failed;

static void check_report(int ok, const char *file, int line, const char *what) {
    if (ok) {
        check_passed++;
        return;
    }
    check_failed++;
    printf("FAIL %s:%d: %s\n", file, line, what);
}

#define CHECK(cond) check_report(!!(cond), __FILE__, __LINE__, #cond)

#define CHECK_EQ(a, b) \
    do { \
        long long check_a_ = (long long)(a), check_b_ = (long long)(b); \
        if (check_a_ != check_b_) printf("  %s = %lld, expected %lld\n", #a, check_a_, check_b_); \
        check_report(check_a_ == check_b_, __FILE__, __LINE__, #a " == " #b); \
    } while (0)

#define CHECK_STR(a, b) \
    do { \
        const char *check_a_ = (a), *check_b_ = (b); \
        int check_ok_ = check_a_ && check_b_ && strcmp(check_a_, check_b_) == 0; \
        if (!check_ok_) \
            printf("  %s = \"%s\", expected \"%s\"\n", #a, check_a_ ? check_a_ : "(null)", \
                   check_b_ ? check_b_ : "(null)"); \
        check_report(check_ok_, __FILE__, __LINE__, #a " == " #b); \
    } while (0)

#define CHECK_DONE() \
    do { \
        printf("%d passed, %d failed\n", check_passed, check_failed); \
        return check_failed ? 1 : 0; \
    } while (0)

#endif
