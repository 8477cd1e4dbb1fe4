/* main.c -- entry point of the game. */
#include <stdio.h>

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    puts("platformer: the game front end is not built yet");
    return 0;
}
